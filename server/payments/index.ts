import type { ServerConfig } from "../config.ts";
import type { PaymentGateway } from "./gateway.ts";
import { createTestGateway } from "./test-gateway.ts";

/**
 * The payment gateway named by PAYMENT_GATEWAY (checked by server/config.ts). A real processor is another
 * implementation of `PaymentGateway`: add its name to `PAYMENT_GATEWAYS` there and a case here.
 */
export function createPaymentGateway(name: ServerConfig["PAYMENT_GATEWAY"]): PaymentGateway {
  switch (name) {
    case "test":
      return createTestGateway();
  }
}
