// Every action the audit log records, and its name on the audit page: the one list the writer,
// the filters, the chain check and the words share.
/** The two-factor entries (their details are described by lib/audit-log/describe-two-factor.ts). */
const TWO_FACTOR_LABELS = {
  two_factor_enabled: "Two-factor sign-in turned on",
  two_factor_disabled: "Two-factor sign-in turned off",
  recovery_codes_regenerated: "New recovery codes made (old ones stopped working)",
  recovery_code_used: "Recovery code used to sign in",
  two_factor_policy_changed: "Two-factor requirement changed",
  two_factor_reset: "Member's second factor reset by an owner",
  password_check_failed: "Wrong password given to change two-factor",
  password_check_refused: "Two-factor change refused (too many wrong passwords)",
} as const;

type TwoFactorAction = keyof typeof TWO_FACTOR_LABELS;

export type AuditAction =
  | "owner_created"
  | "sign_in"
  | "sign_in_failed"
  | "sign_in_refused"
  | "sign_out"
  | "member_added"
  | "role_changed"
  | "member_deactivated"
  | "member_reactivated"
  | "charge_created"
  | "charge_status_checked"
  | "charge_reconciled"
  | "charge_reversed"
  | "customer_created"
  | "customer_updated"
  | "customers_imported"
  | "batch_created"
  | "batch_approved"
  | "batch_rejected"
  | "batch_paused"
  | "batch_resumed"
  | "batch_cancelled"
  | "payment_request_created"
  | "payment_request_paused"
  | "payment_request_resumed"
  | "payment_request_cancelled"
  | "payment_request_paid"
  | "payment_request_emailed"
  | "charges_exported"
  | "password_changed"
  | "password_change_failed"
  | "password_change_refused"
  | "password_reset"
  | "password_reset_link_made"
  | "invite_created"
  | "invite_accepted"
  | "invite_revoked"
  | "business_profile_changed"
  | "business_logo_changed"
  | "business_logo_removed"
  | "sessions_ended"
  | "reauthenticated"
  | "reauth_failed"
  | "reauth_refused"
  | "data_retention_run"
  | "audit_exported"
  | "backup_downloaded"
  | "webhook_endpoint_created"
  | "webhook_endpoint_changed"
  | "webhook_endpoint_deleted"
  | "webhook_endpoint_disabled"
  | "webhook_endpoint_enabled"
  | "webhook_secret_rotated"
  | "webhook_phone_number_shared"
  | "webhook_delivery_resent"
  | "api_key_created"
  | "api_key_revoked"
  | "saved_view_shared"
  | "saved_view_deleted"
  | TwoFactorAction;

/** Each action as the audit page names it (its event filter lists these). */
export const AUDIT_LABELS: Record<AuditAction, string> = {
  owner_created: "Owner account created",
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_in_refused: "Sign-in refused (too many failures)",
  sign_out: "Signed out",
  member_added: "Member added",
  role_changed: "Role changed",
  member_deactivated: "Member deactivated",
  member_reactivated: "Member reactivated",
  charge_created: "Charge created",
  charge_status_checked: "Charge status checked",
  charge_reconciled: "Charge resolved by hand",
  charge_reversed: "Reversal recorded (money given back)",
  customer_created: "Customer added to the directory",
  customer_updated: "Customer changed",
  customers_imported: "Customers imported (CSV)",
  batch_created: "Bulk batch prepared",
  batch_approved: "Bulk batch approved (sending started)",
  batch_rejected: "Bulk batch rejected",
  batch_paused: "Bulk batch paused",
  batch_resumed: "Bulk batch resumed",
  batch_cancelled: "Bulk batch cancelled",
  payment_request_created: "Pay link created",
  payment_request_paused: "Pay link paused",
  payment_request_resumed: "Pay link resumed",
  payment_request_cancelled: "Pay link cancelled",
  payment_request_paid: "Pay link paid (a customer's payment succeeded)",
  payment_request_emailed: "Pay link emailed to its customer",
  charges_exported: "Charges exported",
  password_changed: "Password changed",
  password_change_failed: "Password change failed (wrong current password)",
  password_change_refused: "Password change refused (too many failures)",
  password_reset: "Password reset (with a reset link, or on the server)",
  password_reset_link_made: "Password reset link made for a member",
  invite_created: "Member invited",
  invite_accepted: "Invite accepted (member joined)",
  invite_revoked: "Invite revoked",
  business_profile_changed: "Business profile changed",
  business_logo_changed: "Business logo changed",
  business_logo_removed: "Business logo removed",
  sessions_ended: "Sessions ended",
  reauthenticated: "Identity confirmed again (password or code)",
  reauth_failed: "Identity confirmation failed",
  reauth_refused: "Identity confirmation refused (too many failures)",
  data_retention_run: "Personal data removed (retention)",
  audit_exported: "Audit log exported (CSV)",
  backup_downloaded: "Backup of the database downloaded",
  webhook_endpoint_created: "Webhook endpoint added",
  webhook_endpoint_changed: "Webhook endpoint changed",
  webhook_endpoint_deleted: "Webhook endpoint deleted",
  webhook_endpoint_disabled: "Webhook endpoint switched off",
  webhook_endpoint_enabled: "Webhook endpoint switched on",
  webhook_secret_rotated: "Webhook signing secret rotated",
  webhook_phone_number_shared: "Webhook endpoint's customer numbers changed (whole or masked)",
  webhook_delivery_resent: "Webhook delivery resent",
  api_key_created: "API key made",
  api_key_revoked: "API key revoked",
  saved_view_shared: "View shared with the team",
  saved_view_deleted: "Team view deleted",
  ...TWO_FACTOR_LABELS,
};
