/**
 * An operator route states who may call it where it is declared: `app.get(url, { config: {
 * role } }, handler)` or `app.route({ …, config: { role } })` (server/src/http/ops/roles.ts).
 * The server refuses to start with a route that states none; this rule says so before.
 */
const METHODS = new Set(["get", "head", "post", "put", "delete", "patch", "options", "all"]);

/** The property `name` of an object literal, if it is written there. */
function property(object, name) {
  if (object?.type !== "ObjectExpression") return undefined;
  return object.properties.find(
    (one) =>
      one.type === "Property" &&
      !one.computed &&
      ((one.key.type === "Identifier" && one.key.name === name) ||
        (one.key.type === "Literal" && one.key.value === name)),
  );
}

/** The options of a route declaration: `route`'s only argument, a shorthand's second of three. */
function routeOptions(method, args) {
  if (method === "route") return args[0];
  return args.length >= 3 ? args[1] : undefined;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "every operator route states its role in `config.role`" },
    schema: [],
    messages: {
      missing:
        "operator route without a role: declare it with `{ config: { role: ... } }` " +
        '("operator", "viewer", "author", "host", a list of roles, or "admin"; ' +
        "server/src/http/ops/roles.ts)",
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== "MemberExpression" || callee.computed) return;
        if (callee.object.type !== "Identifier" || callee.object.name !== "app") return;
        if (callee.property.type !== "Identifier") return;
        const method = callee.property.name;
        if (method !== "route" && !METHODS.has(method)) return;
        const config = property(routeOptions(method, node.arguments), "config");
        if (property(config?.value, "role")) return;
        context.report({ node: callee, messageId: "missing" });
      },
    };
  },
};
