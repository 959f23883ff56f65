// The business profile for this render: once per request, whichever parts of the page ask, and
// from this process's recent copy (lib/business/profile.ts, PROFILE_CACHE_MS).
import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { recentBusinessProfile } from "./profile";

export const currentBusiness = cache(async () => recentBusinessProfile(await getDb()));
