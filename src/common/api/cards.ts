import { z } from 'zod';

/** A card of the catalog as the API shows it; the web's pickers turn Name and Code into label and value. */
export const cardSchema = z.object({ Name: z.string(), Code: z.string() });
export type Card = z.infer<typeof cardSchema>;
export const cardListSchema = z.array(cardSchema);
