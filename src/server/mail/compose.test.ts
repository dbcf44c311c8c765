import { describe, expect, it } from 'vitest';
import { composeMail } from './compose';

describe('composeMail', () => {
	it('writes the same blocks as text and escaped HTML', () => {
		const mail = composeMail('a@example.com', 'Hi', [
			'Someone tried <b>this</b> & that.',
			{ href: 'https://x.example/a?b=1&c=2', label: 'Reset' },
		]);
		expect(mail.text).toBe(
			'Someone tried <b>this</b> & that.\n\nReset:\nhttps://x.example/a?b=1&c=2',
		);
		expect(mail.html).toContain('<p>Someone tried &lt;b&gt;this&lt;/b&gt; &amp; that.</p>');
		expect(mail.html).toContain('<a href="https://x.example/a?b=1&amp;c=2">Reset</a>');
	});
});
