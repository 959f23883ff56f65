"use client";
// Your profile's two-factor section: set it up (the enrolment page), new recovery codes
// (password; shown once), or turn it off (password; not offered when your role requires it).
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { useState } from "react";
import { sendJson } from "@/components/ui/fetch-json";
import { PasswordStep } from "@/components/two-factor/password-step";
import { RecoveryCodes } from "@/components/two-factor/recovery-codes";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-class";
import { toast } from "@/components/ui/toast";

export function TwoFactorSection({ enabled, required, account }: { enabled: boolean; required: boolean; account: string }) {
  const navigation = useNavigation();
  const [open, setOpen] = useState<"codes" | "off" | null>(null);
  const codes = useAction({
    send: (p: string) => sendJson<{ recoveryCodes: string[] }>("POST", "/api/profile/two-factor/recovery-codes", { password: p }),
  });
  const off = useAction({
    send: (p: string) => sendJson("DELETE", "/api/profile/two-factor", { password: p }),
    onSuccess: () => {
      toast("Two-factor sign-in is off");
      setOpen(null);
      navigation.refresh();
    },
  });

  // A plain link: the profile's island has no router (docs/decisions/forms-as-islands.md).
  if (!enabled)
    return (
      <a href="/two-factor" className={buttonClass()}>
        Set up two-factor sign-in
      </a>
    );
  if (codes.data)
    return (
      <RecoveryCodes
        account={account}
        codes={codes.data.recoveryCodes}
        savedLabel="Done"
        onSaved={() => {
          codes.reset();
          setOpen(null);
        }}
      />
    );
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <strong>On.</strong>{" "}
        {required ? "Your role requires it, so it cannot be turned off." : "Each sign-in asks for a code from your app."}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => setOpen(open === "codes" ? null : "codes")}
          aria-expanded={open === "codes"}
        >
          New recovery codes
        </Button>
        {required ? null : (
          <Button type="button" variant="danger" onClick={() => setOpen(open === "off" ? null : "off")} aria-expanded={open === "off"}>
            Turn off two-factor
          </Button>
        )}
      </div>
      {open === "codes" ? (
        <PasswordStep
          id="codes-password"
          action="Make new recovery codes"
          busy={codes.isPending}
          error={codes.error}
          onSubmit={(p) => codes.mutate(p)}
        />
      ) : null}
      {open === "off" ? (
        <PasswordStep
          id="off-password"
          action="Turn off"
          variant="danger"
          busy={off.isPending}
          error={off.error}
          onSubmit={(p) => off.mutate(p)}
        />
      ) : null}
    </div>
  );
}
