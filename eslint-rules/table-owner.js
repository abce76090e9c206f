/**
 * A service of server/src uses the repositories its folder owns (eslint.table-owners.js,
 * decisions/050): it names them, `Pick<Repositories, "players" | …>` in a `StoreOf<…>`, and uses
 * no other. Four things are refused outside the store and the composition root:
 * - the whole bag, `Repositories` or `Store` not narrowed by a `Pick`;
 * - a key of `Pick<Repositories, …>` (or `Store`'s `runs`) the folder neither owns nor may call;
 * - a use of such a repository, whatever the type it came through (`repos.teams`, `{ teams } =
 *   repos`): the property's declaration in store/store.ts says it is one, so this needs types;
 * - an import of another folder's repository class (`PushRepository`).
 * An entry of `allowedCalls` allows only the calls it lists, each as `repos.<key>.<call>(…)`; one
 * without calls lets the folder hand the repository on (a transaction's repositories).
 */
const STORE_MODULE = /(^|\/)store\/store$/;
const REPOSITORY_MODULE = /(^|\/)store\/[a-z-]+-repository$/;
/** The Store's calls that only `StoreOf` narrows: a service names its repositories there. */
const NARROWED_BY_STORE_OF = new Set(["repos", "transaction"]);

/** `server/src/<folder>/…` -> folder; undefined for a file outside the server's folders. */
function folderOf(filename) {
  const match = /[\\/]server[\\/]src[\\/]([^\\/]+)[\\/]/.exec(filename);
  return match?.[1];
}

/** The string literals of a type argument: `"a"` or `"a" | "b"`; undefined for anything else. */
function literalKeys(type) {
  const parts = type?.type === "TSUnionType" ? type.types : [type];
  const keys = [];
  for (const part of parts) {
    if (part?.type !== "TSLiteralType" || typeof part.literal.value !== "string") return undefined;
    keys.push({ key: part.literal.value, node: part });
  }
  return keys;
}

const STORE_FILE = /[\\/]server[\\/]src[\\/]store[\\/]store\.ts$/;

/** A declaration in server/src/store/store.ts: a repository of `Repositories` or `Store.runs`. */
function declaredInStore(symbol) {
  return (symbol?.declarations ?? []).some((one) => STORE_FILE.test(one.getSourceFile().fileName));
}

const guardedByProgram = new WeakMap();

/**
 * The names the rule guards, read from the code: each key of `Repositories` with the class of
 * its repository (`PlayerRepository` -> "players"), and `Store`'s `runs`.
 */
function guarded(program) {
  const known = guardedByProgram.get(program);
  if (known) return known;
  const checker = program.getTypeChecker();
  const file = program.getSourceFiles().find((one) => STORE_FILE.test(one.fileName));
  const exports = file ? checker.getExportsOfModule(checker.getSymbolAtLocation(file)) : [];
  const bag = exports.find((one) => one.name === "Repositories");
  const properties = bag ? checker.getDeclaredTypeOfSymbol(bag).getProperties() : [];
  const names = {
    keys: new Set([...properties.map((one) => one.name), "runs"]),
    byClass: new Map(
      properties.map((one) => [checker.getTypeOfSymbol(one).getSymbol()?.name, one.name]),
    ),
  };
  guardedByProgram.set(program, names);
  return names;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "a service uses only the repositories its folder owns" },
    schema: [
      {
        type: "object",
        properties: { owners: { type: "object" }, allowedCalls: { type: "array" } },
        required: ["owners", "allowedCalls"],
        additionalProperties: false,
      },
    ],
    messages: {
      whole:
        "`{{name}}` is every repository: name the ones this service uses, " +
        '`StoreOf<Pick<Repositories, "…">>` (store/store.ts, eslint.table-owners.js)',
      notOwned:
        "{{folder}}/ does not own `{{key}}` (eslint.table-owners.js: {{owner}}/ does): go " +
        "through {{owner}}/'s functions, or list the calls in `allowedCalls` with the reason",
      noOwner: "`{{key}}` has no owner: give it a folder in eslint.table-owners.js",
      notListed:
        "{{folder}}/ calls {{calls}} of `{{key}}` only (eslint.table-owners.js), not {{call}}",
      storeOf: '`Pick<Store, "{{key}}">`: a service names its repositories with `StoreOf<…>`',
      notLiteral: "`Pick<{{name}}, …>` names its keys as string literals, for the ownership check",
      types: "the table-ownership rule needs type information (parserOptions.projectService)",
    },
  },
  create(context) {
    const [{ owners, allowedCalls }] = context.options;
    const folder = folderOf(context.filename);
    const ownerOf = new Map(
      Object.entries(owners).flatMap(([owner, keys]) => keys.map((key) => [key, owner])),
    );
    const callsHere = new Map(
      allowedCalls.filter((one) => one.folder === folder).map((one) => [one.repository, one.calls]),
    );
    /** Locally imported names of store/store.ts's `Repositories` and `Store`. */
    const bags = new Map();
    const program = context.sourceCode.parserServices?.program;
    if (!program) {
      return { Program: (node) => context.report({ node, messageId: "types" }) };
    }
    const checker = program.getTypeChecker();
    const nodeMap = context.sourceCode.parserServices.esTreeNodeToTSNodeMap;
    const { byClass } = guarded(program);
    const keys = new Set([...guarded(program).keys, ...ownerOf.keys()]);

    /** Reports `key` unless the folder owns it or may call it (`call` among the calls allowed). */
    function check(node, key, call) {
      const owner = ownerOf.get(key);
      if (owner === folder) return;
      if (owner === undefined) {
        context.report({ node, messageId: "noOwner", data: { key } });
        return;
      }
      const calls = callsHere.get(key);
      if (!calls) {
        context.report({ node, messageId: "notOwned", data: { folder, key, owner } });
        return;
      }
      if (call === undefined || calls.includes(call)) return;
      const listed = calls.map((one) => `\`${one}\``).join(", ") || "none";
      const used = call ? `\`${call}\`` : "the whole repository";
      context.report({
        node,
        messageId: "notListed",
        data: { folder, key, calls: listed, call: used },
      });
    }

    /** Whether the property `name` of the value at `node` is a repository of the store's. */
    function isRepository(node, name) {
      if (!keys.has(name)) return false;
      const type = checker.getTypeAtLocation(nodeMap.get(node));
      return declaredInStore(type.getProperty(name));
    }

    /** `repos.players.firstNames(…)` -> "firstNames"; "" for any other use of the repository. */
    function callOn(member) {
      const { parent } = member;
      if (parent.type !== "MemberExpression" || parent.object !== member || parent.computed) {
        return "";
      }
      const called = parent.parent.type === "CallExpression" && parent.parent.callee === parent;
      return called && parent.property.type === "Identifier" ? parent.property.name : "";
    }

    /** `Pick<Repositories, "a" | "b">`, `Pick<Store, "runs">`: each key checked. */
    function checkPicked(bag, pick, keysType) {
      const named = literalKeys(keysType);
      if (!named) {
        context.report({ node: pick, messageId: "notLiteral", data: { name: bag } });
        return;
      }
      for (const { key, node } of named) {
        if (bag === "Store" && NARROWED_BY_STORE_OF.has(key)) {
          context.report({ node, messageId: "storeOf", data: { key } });
        } else if (bag === "Repositories" || keys.has(key)) check(node, key);
      }
    }

    return {
      ImportDeclaration(node) {
        const from = node.source.value;
        for (const specifier of node.specifiers) {
          if (specifier.type !== "ImportSpecifier") continue;
          const imported = specifier.imported.name;
          if (STORE_MODULE.test(from) && (imported === "Repositories" || imported === "Store")) {
            bags.set(specifier.local.name, imported);
          }
          const key = REPOSITORY_MODULE.test(from) ? byClass.get(imported) : undefined;
          if (key) check(specifier, key, "");
        }
      },
      TSTypeReference(node) {
        if (node.typeName.type !== "Identifier") return;
        const bag = bags.get(node.typeName.name);
        if (!bag) return;
        const pick = node.parent.parent;
        const picked =
          node.parent.type === "TSTypeParameterInstantiation" &&
          node.parent.params[0] === node &&
          pick.type === "TSTypeReference" &&
          pick.typeName.type === "Identifier" &&
          pick.typeName.name === "Pick";
        if (picked) checkPicked(bag, pick, node.parent.params[1]);
        else context.report({ node, messageId: "whole", data: { name: bag } });
      },
      MemberExpression(node) {
        if (node.computed || node.property.type !== "Identifier") return;
        const key = node.property.name;
        if (isRepository(node.object, key)) check(node.property, key, callOn(node));
      },
      ObjectPattern(node) {
        for (const property of node.properties) {
          if (property.type !== "Property" || property.computed) continue;
          if (property.key.type !== "Identifier") continue;
          const key = property.key.name;
          if (isRepository(node, key)) check(property.key, key, "");
        }
      },
    };
  },
};
