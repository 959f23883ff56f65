// The reference sign-in form, as both reference sign-in pages show it.
export function RefSignInForm() {
  return (
    <form method="post" action="/ref/login">
      <h1>Sign in</h1>
      <label>
        Email <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit">Sign in</button>
    </form>
  );
}
