/**
 * A request to publish a new version of the risk model, as the Settings → Risk form sends it and the pending change
 * (`risk_model_publish`) keeps it in its details: the whole model, why this version, and the version it was edited
 * from (none while the default model is in force), so an approval that comes after another publication is refused
 * rather than silently undoing it. The form checks with the same schema.
 */
import { z } from "zod";
import { riskModelSchema } from "./risk-model.shared";

export const publicationNoteSchema = z
  .string({ error: "Say why this version." })
  .trim()
  .min(1, { error: "Say why this version." })
  .max(2000, { error: "At most 2,000 characters." });

export const modelPublicationSchema = z.object({
  model: riskModelSchema,
  note: publicationNoteSchema,
  baseVersion: z.number().int().positive().nullable(),
});

export type ModelPublication = z.infer<typeof modelPublicationSchema>;
