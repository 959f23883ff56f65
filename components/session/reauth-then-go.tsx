"use client";
// The /reauth page's form: once the password (or code) is confirmed, the address the member was
// sent from is opened again (an export link: the download starts and this page stays).
import { TextLink } from "@/components/ui/link";
import { textLinkClass } from "@/components/ui/link-class";
import { useState } from "react";
import { ReauthForm } from "./reauth-form";

export function ReauthThenGo({ next, back }: { next: string; back: string }) {
  const [done, setDone] = useState(false);
  if (done)
    return (
      <p role="status" className="text-sm">
        Confirmed. If nothing opened,{" "}
        <a href={next} className={textLinkClass()}>
          try again
        </a>{" "}
        or go <TextLink href={back}>back</TextLink>.
      </p>
    );
  return (
    <ReauthForm
      onDone={() => {
        setDone(true);
        window.location.assign(next);
      }}
    />
  );
}
