"use client";
// Revoking a key: asked first; from then on every request with it is refused, on every instance.
import { useNavigation } from "@/components/ui/navigation";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FormAlert } from "@/components/ui/form-alert";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import { sendJson } from "@/components/ui/fetch-json";

export function RevokeButton({ apiKey }: { apiKey: { id: string; name: string; prefix: string } }) {
  const navigation = useNavigation();
  const { confirm, dialog } = useConfirm();
  const revoke = useAction({ send: () => sendJson("DELETE", `/api/api-keys/${apiKey.id}`) });
  async function ask() {
    revoke.reset();
    const done = await confirm({
      title: `Revoke “${apiKey.name}”?`,
      body: <p>Every request with {apiKey.prefix}… is refused from now on. Pay links it made keep working. This cannot be undone.</p>,
      confirmLabel: "Revoke",
      tone: "danger",
      onConfirm: async () => {
        await revoke.mutateAsync();
      },
    });
    if (done) {
      toast(`“${apiKey.name}” is revoked`);
      navigation.refresh();
    }
  }
  return (
    <>
      <Button variant="secondary" onClick={ask} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </Button>
      {revoke.isError ? <FormAlert>{revoke.error.message}</FormAlert> : null}
      {dialog}
    </>
  );
}
