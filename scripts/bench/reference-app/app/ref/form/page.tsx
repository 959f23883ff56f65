// The form floor (scripts/bench/js.ts): a page whose one form uses react-hook-form with a zod
// schema through @hookform/resolvers, as the dashboard's forms do, and nothing else. What it loads
// beyond the plain sign-in page is what the form library and its checks cost on this stack.
import { RefForm } from "./form";

export default function RefFormPage() {
  return <RefForm />;
}
