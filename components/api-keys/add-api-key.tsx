"use client";
// Making a key: the form, then the key shown once above it until the owner leaves the page.
import { useNavigation } from "@/components/ui/navigation";
import { useState } from "react";
import type { ApiKeyShown } from "@/lib/api-keys/view";
import { KeyForm } from "./key-form";
import { KeyShown } from "./key-shown";

export function AddApiKey() {
  const navigation = useNavigation();
  const [shown, setShown] = useState<ApiKeyShown | null>(null);
  return (
    <div className="space-y-6">
      {shown ? <KeyShown key={shown.key.id} shown={shown} /> : null}
      <KeyForm
        onCreated={(s) => {
          setShown(s);
          navigation.refresh();
        }}
      />
    </div>
  );
}
