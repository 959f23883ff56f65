// The new charge page's browser code (scripts/islands.mjs builds it): hydrates ./new-charge.tsx.
import { mountIsland } from "@/components/ui/island-client";
import { newChargeIsland } from "./new-charge";

mountIsland(newChargeIsland);
