import colors from 'tailwindcss/colors';

/**
 * Theme tokens (Tailwind 4 reads this through `@config` in src/styles/global.css). The look the
 * brief names: primary sky blue, neutral grey, dark cards in gray-800.
 */
export default {
	theme: {
		extend: {
			colors: {
				primary: colors.sky,
				neutral: colors.gray,
				card: colors.gray[800],
				page: colors.gray[900],
			},
			fontFamily: {
				sans: [
					'system-ui',
					'-apple-system',
					'"Segoe UI"',
					'Roboto',
					'"Helvetica Neue"',
					'Arial',
					'sans-serif',
				],
			},
			maxWidth: { site: '76rem' },
		},
	},
};
