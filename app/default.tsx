import { notFound } from "next/navigation";

// The page where no page matches an address the header's slot matches (app/@header): not found.
export default function Default() {
  notFound();
}
