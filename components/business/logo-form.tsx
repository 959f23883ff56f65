"use client";
// The business's logo: a PNG, JPEG or WebP file of at most 256 kB, sent as it is. The server
// reads what the file really is from its bytes (lib/business/logo.ts); SVG is refused.
import { useAction } from "@/components/ui/use-action";
import { useNavigation } from "@/components/ui/navigation";
import { type FormEvent, useState } from "react";
import { LOGO_ACCEPT, LOGO_MAX_BYTES } from "@/lib/business/shape";
import { fetchJson, sendJson } from "@/components/ui/fetch-json";
import { BusinessLogo } from "@/components/business/business-logo";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";

const HINT = `PNG, JPEG or WebP, at most ${LOGO_MAX_BYTES / 1024} kB. Shown on receipts and in the header.`;

export function LogoForm({ logoUrl }: { logoUrl: string | null }) {
  const navigation = useNavigation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useAction({
    send: (f: File) =>
      fetchJson("/api/business/logo", { method: "PUT", headers: { "Content-Type": f.type || "application/octet-stream" }, body: f }),
    onSuccess: () => navigation.refresh(),
    onError: (error) => setProblem(error.message),
  });
  const remove = useAction({
    send: () => sendJson("DELETE", "/api/business/logo"),
    onSuccess: () => navigation.refresh(),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    upload.reset();
    if (!file) return setProblem("Choose an image file first.");
    // Said at once for a file that is plainly too big; everything else the server decides.
    if (file.size > LOGO_MAX_BYTES) return setProblem(`The logo can be at most ${LOGO_MAX_BYTES / 1024} kB.`);
    setProblem(undefined);
    upload.mutate(file);
  }

  return (
    <div className="space-y-4">
      <div className="flex min-h-16 items-center gap-3" data-testid="current-logo">
        {logoUrl ? (
          <>
            <BusinessLogo src={logoUrl} alt="Current logo" className="h-16 max-w-48 rounded border border-line bg-surface p-1" />
            <Button type="button" variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? "Removing…" : "Remove logo"}
            </Button>
          </>
        ) : (
          <p className="text-sm text-ink-muted">No logo yet.</p>
        )}
      </div>
      {remove.isError ? <FormAlert>{remove.error.message}</FormAlert> : null}
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        <Field id="logo" label={logoUrl ? "New logo" : "Logo"} hint={HINT} error={problem}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept={LOGO_ACCEPT}
              className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-ink`}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setProblem(undefined);
              }}
            />
          )}
        </Field>
        {upload.isSuccess ? (
          <p role="status" className="text-sm text-status-success">
            Logo saved.
          </p>
        ) : null}
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? "Uploading…" : "Upload logo"}
        </Button>
      </form>
    </div>
  );
}
