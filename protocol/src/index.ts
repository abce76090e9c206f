export * from "./account";
export * from "./config";
export * from "./dev";
export * from "./errors";
export * from "./events";
export * from "./game";
export * from "./media";
export * from "./text";
