// A sign-in page with nothing per request: built once, served as it stands (as the Next.js
// Learn dashboard serves its login).
export default function RefLogin() {
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
