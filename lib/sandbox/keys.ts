// The bundled sandbox's published test key. It is not a secret: it only opens the simulator
// this app serves to itself, and it is printed in docs/user-guide.md for anyone trying the app. As
// anyone may use it, the dashboard's own calls are counted apart (./caller.ts).
export const SANDBOX_API_KEY = "sk_test_momo_sandbox_2f6c1e9a";
