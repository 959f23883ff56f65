// The deliveries' queue in pg-boss (beside the batches' one, on the same pg-boss): a job per
// webhook delivery or instant email to send. No "server-only": the migration script imports it.
import type PgBoss from "pg-boss";

export const DELIVERY_QUEUE = "deliveries";

/**
 * `short`: one waiting job per delivery (its singleton key), so queueing again adds none. pg-boss
 * retries a job that threw (the database was down); an endpoint's own failures are not throws:
 * the delivery schedules its next attempt itself (lib/webhooks/deliver.ts).
 */
export async function createDeliveryQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(DELIVERY_QUEUE, {
    name: DELIVERY_QUEUE,
    policy: "short",
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  });
}
