// Building blocks for the upstream client tests: the charge request they send, the reference
// the answers carry, and a timeout short enough to wait out.
import type { UpstreamChargeRequest } from "@/lib/momo/schemas";

export const REF = "TXN-MOMO-1700000000001";
export const TIMEOUT_MS = 300;
export const request: UpstreamChargeRequest = {
  amount: 25.5,
  currency: "GHS",
  phone_number: "0241234567",
  provider: "mtn",
  vouchers: "",
  description: "Order 42",
};
