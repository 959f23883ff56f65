// The fuzzer's bodies for each form's route: JSON that is not a valid sign-in, set-up, member,
// scheme, invite, acceptance, password change or business profile, and bytes that are not a logo.
import fc from "fast-check";
import { acceptInviteSchema, inviteSchema, newMemberSchema, passwordChangeSchema, setupSchema, signInSchema } from "@/lib/team/schema";
import { checkLogo } from "@/lib/business/logo";
import { businessSchema } from "@/lib/business/schema";
import { themeSchema } from "@/lib/team/schema";
import { passwordProofSchema, signInCodeSchema, twoFactorPolicySchema } from "@/lib/two-factor/schema";
import { endpointChangeSchema, endpointSchema } from "@/lib/webhooks/schema";
import { bodies } from "./fuzz";

/** Bodies that are not a valid sign-in, set-up or new member. */
export const notSignIn = bodies({ email: "fuzz@e2e.test", password: "not-the-password" }, (b) => signInSchema.safeParse(b).success);
export const notSetup = bodies(
  { name: "Fuzz", email: "fuzz@e2e.test", password: "a-long-enough-password" },
  (b) => setupSchema.safeParse(b).success,
);
export const notTheme = bodies({ theme: "dark" }, (b) => themeSchema.safeParse(b).success);
export const notMember = bodies(
  { name: "Fuzz", email: "fuzz@e2e.test", role: "staff", password: "a-long-enough-password" },
  (b) => newMemberSchema.safeParse(b).success,
);

/** Bodies that are not a valid invite, acceptance, password change or business profile. */
export const notInvite = bodies({ name: "Fuzz", email: "fuzz-invite@e2e.test", role: "staff" }, (b) => inviteSchema.safeParse(b).success);
export const notAcceptance = bodies({ name: "Fuzz", password: "a-long-enough-password" }, (b) => acceptInviteSchema.safeParse(b).success);
// Never a valid one: a well-formed change with a wrong current password would count against the
// owner's sign-in throttle, and a right one would change the password the other tests use.
export const notPasswordChange = bodies(
  { currentPassword: "not-the-password", newPassword: "a-long-enough-password" },
  (b) => passwordChangeSchema.safeParse(b).success,
);
// Two-factor bodies, never valid: a well-formed code or password would count against the
// owner's sign-in throttle, and a well-formed policy would change who must enrol mid-run.
export const notCode = bodies({ code: "123456" }, (b) => signInCodeSchema.safeParse(b).success);
export const notPasswordProof = bodies({ password: "not-the-password" }, (b) => passwordProofSchema.safeParse(b).success);
export const notPolicy = bodies({ roles: ["owner", "support"] }, (b) => twoFactorPolicySchema.safeParse(b).success);
// Webhook bodies, never valid: a valid endpoint would be added (and sent to), a valid change made.
export const notEndpoint = bodies(
  { url: "https://hooks.example.com/fuzz", description: "Fuzz", eventTypes: ["charge.succeeded"] },
  (b) => endpointSchema.safeParse(b).success,
);
export const notEndpointChange = bodies(
  { url: "https://hooks.example.com/fuzz", eventTypes: ["charge.failed"], includePhoneNumber: true, enabled: false },
  (b) => endpointChangeSchema.safeParse(b).success,
);
export const notBusiness = bodies({ name: "Fuzz Traders", timeZone: "Africa/Accra" }, (b) => businessSchema.safeParse(b).success);
/** Bytes that are not a logo we keep: random, or an image's first bytes followed by anything. */
export const notLogo = fc
  .oneof(
    fc.uint8Array({ maxLength: 2_000 }),
    fc
      .tuple(
        fc.constantFrom([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0xff, 0xd8, 0xff], [...Buffer.from("RIFF\0\0\0\0WEBP")]),
        fc.uint8Array({ maxLength: 300 }),
      )
      .map(([head, rest]) => new Uint8Array([...head, ...rest])),
    fc.string({ maxLength: 300 }).map((t) => new Uint8Array(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${t}</svg>`))),
  )
  .filter((b) => !checkLogo(b).ok);
