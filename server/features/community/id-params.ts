import { z } from "zod";

/** Ids are PostgreSQL integers: anything else is a 400, never a database error. */
export const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
