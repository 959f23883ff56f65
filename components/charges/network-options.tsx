// A network picker's options, as every form that asks for a network shows them (a charge, a
// customer, the pay page): a first one asking to choose, then each network by its current name.
import { PROVIDERS } from "@/lib/market/networks";

export function NetworkOptions({ prompt }: { prompt: string }) {
  return (
    <>
      <option value="">{prompt}</option>
      {PROVIDERS.map((p) => (
        <option key={p.id} value={p.id}>
          {p.label}
        </option>
      ))}
    </>
  );
}
