import ipaddr from "ipaddr.js";
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyServerOptions,
  onResponseHookHandler,
} from "fastify";
import type { Metrics, StatusCounter } from "../metrics/metrics";
import { frameworkErrors } from "./protection";
import { doc } from "./api-docs/describe";

const PLAIN = "text/plain; charset=utf-8";

/** The label of requests no route matched (Fastify's 404 handler, a malformed URL). */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * Counts every answered request by method, route pattern and status. Each route gets a hook of
 * its own that knows its pattern, so a request costs a map lookup and an increment. Register
 * it before any route.
 */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onRoute", (route) => {
    const counters = new Map<string, StatusCounter>(
      [route.method].flat().map((method) => [method, metrics.requestCounter(method, route.url)]),
    );
    const count: onResponseHookHandler = (request, reply, done) => {
      counters.get(request.method)?.(reply.statusCode).inc();
      done();
    };
    route.onResponse = [count, ...[route.onResponse ?? []].flat()];
  });
  const unmatched = unmatchedCounter(metrics);
  app.addHook("onResponse", (request, reply, done) => {
    if (request.is404) unmatched(request.method)(reply.statusCode).inc();
    done();
  });
}

/**
 * Fastify's own refusals before any route (protection.ts), counted as unmatched: they pass
 * no hook.
 */
export function countedFrameworkErrors(
  metrics: Metrics,
): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  const unmatched = unmatchedCounter(metrics);
  return (error, request, reply) => {
    frameworkErrors(error, request, reply);
    unmatched(request.method)(reply.statusCode).inc();
  };
}

function unmatchedCounter(metrics: Metrics): (method: string) => StatusCounter {
  const byMethod = new Map<string, StatusCounter>();
  return (method) => {
    let counter = byMethod.get(method);
    if (!counter) {
      counter = metrics.requestCounter(method, UNMATCHED_ROUTE);
      byMethod.set(method, counter);
    }
    return counter;
  };
}

export type MetricsRouteOptions = {
  /** `METRICS_ALLOW`: addresses and CIDR ranges that may scrape. */
  allow: string[];
  /** `TRUST_PROXY`: whether the client's address comes from X-Forwarded-For. */
  trustProxy: string[];
};

/**
 * `GET /metrics` in Prometheus's text format, for the addresses of `METRICS_ALLOW` only (the
 * client's address: behind a trusted proxy the one it forwards). A forwarded request while no
 * proxy is trusted is refused too: it came through a proxy, so its peer address is the
 * proxy's and says nothing of the client.
 */
export function metricsRoute(metrics: Metrics, options: MetricsRouteOptions): FastifyPluginAsync {
  const allowed = addressMatcher(options.allow);
  const behindProxy = options.trustProxy.length > 0;
  return async (app) => {
    app.get(
      "/metrics",
      {
        config: {
          docs: doc("service", "Prometheus metrics, for the addresses of METRICS_ALLOW", {
            produces: "text/plain",
          }),
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        if (!behindProxy && request.headers["x-forwarded-for"] !== undefined) {
          return reply.code(403).type(PLAIN).send("metrics: forwarded request, TRUST_PROXY unset");
        }
        if (!allowed(request.ip)) {
          return reply.code(403).type(PLAIN).send("metrics: address not in METRICS_ALLOW");
        }
        const { text, contentType } = await metrics.scrape();
        return reply.type(contentType).send(text);
      },
    );
  };
}

/** Whether an address lies in one of `ranges` (addresses or CIDR); IPv4-mapped IPv6 as IPv4. */
export function addressMatcher(ranges: string[]): (ip: string) => boolean {
  const parsed = ranges.map((range): [ipaddr.IPv4 | ipaddr.IPv6, number] => {
    if (range.includes("/")) {
      const [address, bits] = ipaddr.parseCIDR(range);
      const v4 = normal(address);
      return v4 === address ? [address, bits] : [v4, Math.max(0, bits - 96)];
    }
    const address = normal(ipaddr.parse(range));
    return [address, address.kind() === "ipv4" ? 32 : 128];
  });
  return (ip) => {
    if (!ipaddr.isValid(ip)) return false;
    const address = normal(ipaddr.parse(ip));
    return parsed.some(
      ([range, bits]) => range.kind() === address.kind() && address.match(range, bits),
    );
  };
}

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, a dual-stack socket's) as its IPv4. */
function normal(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}
