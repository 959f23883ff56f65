// The form that makes a key (zod/mini: the Settings page's form carries it to the browser).
import * as z from "zod/mini";
import { plainText } from "@/lib/zod";
import { API_KEY_NAME_MAX, API_SCOPES } from "./shape";

export const apiKeySchema = z.strictObject({
  name: plainText("name", API_KEY_NAME_MAX, { required: "Name the key after the system that will hold it" }),
  scopes: z
    .array(z.enum(API_SCOPES, "Choose scopes from the list"))
    .check(z.minLength(1, "Choose at least one scope"), z.maxLength(API_SCOPES.length, "Choose scopes from the list")),
});
export type ApiKeyInput = z.infer<typeof apiKeySchema>;
