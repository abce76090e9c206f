export * from "./account";
export * from "./config";
export * from "./errors";
export * from "./events";
export * from "./game";
