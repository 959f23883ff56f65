// A sign-in page with nothing per request: built once, served as it stands (as the Next.js
// Learn dashboard serves its login).
import { RefSignInForm } from "./sign-in-form";

export default function RefLogin() {
  return <RefSignInForm />;
}
