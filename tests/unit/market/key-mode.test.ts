import { expect, test } from "vitest";
import { keyMode } from "@/lib/market/key-mode";
import { SANDBOX_API_KEY } from "@/lib/sandbox/keys";

test.each([SANDBOX_API_KEY, "sk_test_abc123", "SK_TEST_ABC", "sk-test-abc", "test_abc", "abc_test", "test"])("%j is a TEST key", (key) => {
  expect(keyMode(key)).toBe("test");
});

test.each(["sk_live_abc123", "sk_live_9f8e7d", "", "abc", "sk_testing_abc", "sk_latest_abc", "mytest_abc", "sk_contest", "sktestabc"])(
  "%j is LIVE (a key we cannot read as a test key is treated as live)",
  (key) => {
    expect(keyMode(key)).toBe("live");
  },
);

test("a key carrying the live marker is LIVE even if 'test' appears later in it", () => {
  expect(keyMode("sk_live_test_4f2a")).toBe("live");
  expect(keyMode("sk_live_abc-test-123")).toBe("live");
});
