import { InkParser } from "inkjs/compiler/Parser/InkParser";
import type { CharacterSet } from "inkjs/compiler/Parser/CharacterSet";

/*
 * inkjs makes the set of characters an identifier may hold (Latin to CJK, some 30,000) anew for
 * every parser: for each script compiled and each file it includes. In a profile of a publish it
 * was a third of the content thread's time (`CharacterSet.Add`, 5.3 of 15.4 s). The set is only
 * read once made, so every parser shares the first one's. Imported once, by ink-file.ts.
 */
const made = Object.getOwnPropertyDescriptor(InkParser.prototype, "identifierCharSet")?.get;
if (made) {
  let shared: CharacterSet | undefined;
  Object.defineProperty(InkParser.prototype, "identifierCharSet", {
    configurable: true,
    get(this: InkParser): CharacterSet {
      shared ??= made.call(this) as CharacterSet;
      return shared;
    },
  });
}
