// The business profile for this render: read once per request, whichever parts of the page ask.
import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { getBusinessProfile } from "./profile";

export const currentBusiness = cache(async () => getBusinessProfile(await getDb()));
