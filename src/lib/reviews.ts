import { z } from 'zod';

/** A customer review as `content/reviews/<locale>.json` holds them (display only). */
export const reviewSchema = z.object({
	author: z.string().trim().min(1).max(40),
	date: z.iso.date(),
	rating: z.number().int().min(1).max(5),
	game: z.string().min(1),
	text: z.string().trim().min(1).max(400),
});

export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema).min(1);

/** Parses one locale's reviews, naming the file in the error so an editor knows where to look. */
export function parseReviews(file: string, data: unknown): Review[] {
	const result = reviewListSchema.safeParse(data);
	if (!result.success) throw new Error(`${file}: ${z.prettifyError(result.error)}`);
	return result.data;
}
