"use client";
// Setting up two-factor sign-in: the password, then the new secret as a QR code (rendered here
// as SVG by qrcode.react: no image is fetched, so the secret goes nowhere) and as text, then the
// first code from the app, then the 10 recovery codes, shown once.
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { fieldMessage, sendJson } from "@/components/ui/fetch-json";
import { Button } from "@/components/ui/button";
import { buttonClass } from "@/components/ui/button-class";
import { CopyButton } from "@/components/ui/copy-button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { takeJustChosenPassword } from "./just-chosen-password";
import { PasswordStep } from "./password-step";
import { RecoveryCodes } from "./recovery-codes";

/** The base32 secret in groups of four, easier to read and type. */
const groups = (secret: string) => (secret.replace(/=+$/, "").match(/.{1,4}/g) ?? []).map((text, n) => ({ at: n * 4, text }));

export function EnrolFlow({ home, account }: { home: string; account: string }) {
  const navigation = useNavigation();
  const [code, setCode] = useState("");
  const start = useAction({
    send: (password: string) => sendJson<{ uri: string; secret: string }>("POST", "/api/profile/two-factor", { password }),
  });
  const confirm = useAction({ send: () => sendJson<{ recoveryCodes: string[] }>("POST", "/api/profile/two-factor/confirm", { code }) });
  // Straight from set-up or joining, the password just chosen starts it (./just-chosen-password.ts);
  // should that fail, the password step below asks as usual, with the reason.
  const [auto, setAuto] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const password = takeJustChosenPassword();
    if (!password) return;
    setAuto(true);
    start.mutateAsync(password).catch(() => setAuto(false));
  }, [start]);

  if (confirm.data)
    return (
      <RecoveryCodes
        account={account}
        codes={confirm.data.recoveryCodes}
        onSaved={() => {
          navigation.replace(home);
          navigation.refresh();
        }}
      />
    );
  if (!start.data && auto) return <p className="text-sm text-ink-muted">Preparing your code…</p>;
  if (!start.data)
    return (
      <div className="space-y-4">
        <p className="text-sm text-ink-muted">
          You will need an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).
        </p>
        <PasswordStep id="enrol-password" action="Continue" busy={start.isPending} error={start.error} onSubmit={(p) => start.mutate(p)} />
      </div>
    );

  const fieldError = fieldMessage(confirm.error, "code");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate();
  };
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-muted">
        <li>In your authenticator app, add an account and scan this QR code.</li>
        <li>On this phone: open the app with the button below, or copy the key and paste it there.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      {/* The phone showing the QR code cannot scan it: the otpauth:// address opens the app with the account filled in. */}
      <a href={start.data.uri} className={buttonClass("primary")} data-testid="totp-open">
        Open in your authenticator app
      </a>
      <div className="w-fit rounded-lg bg-white p-3">
        <QRCodeSVG value={start.data.uri} size={176} marginSize={2} title="QR code for your authenticator app" data-testid="totp-qr" />
      </div>
      <div>
        <p className="text-sm font-medium text-ink">Key for typing in</p>
        {/* Each group of four wraps whole: a key split mid-group is mistyped. */}
        <p data-testid="totp-secret" className="mt-1 font-mono text-base tracking-wide text-ink">
          {groups(start.data.secret).map((g) => (
            <span key={g.at} className="mr-[0.6ch] inline-block whitespace-nowrap" data-testid="totp-group">
              {g.text}
            </span>
          ))}
        </p>
        <div className="mt-2">
          <CopyButton text={start.data.secret.replace(/=+$/, "")} what="key" className="min-h-11 px-4" />
        </div>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="enrol-code" label="Code from the app" error={fieldError}>
          {(control) => (
            <input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              className={`${inputClass} font-mono tracking-widest`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
        {confirm.isError && !fieldError ? <FormAlert>{confirm.error.message}</FormAlert> : null}
        <Button type="submit" disabled={confirm.isPending || code.trim() === ""}>
          {confirm.isPending ? "Checking…" : "Turn on two-factor sign-in"}
        </Button>
      </form>
    </div>
  );
}
