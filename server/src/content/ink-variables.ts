import { Container } from "inkjs/engine/Container";
import { ControlCommand } from "inkjs/engine/ControlCommand";
import { Divert } from "inkjs/engine/Divert";
import { NativeFunctionCall } from "inkjs/engine/NativeFunctionCall";
import type { InkObject } from "inkjs/engine/Object";
import type { Story } from "inkjs/engine/Story";
import { FloatValue, IntValue, StringValue } from "inkjs/engine/Value";
import { VariableAssignment } from "inkjs/engine/VariableAssignment";
import { VariableReference } from "inkjs/engine/VariableReference";
import type { ContentProblem } from "./model";

/**
 * ink's variables take any value: `VAR points = 0` and later `~ points = "drei"` compiles, and
 * the station awards 0, since the engine reads `points` only as a number. This finds the
 * assignments of a text to a variable declared as a number, by following what the compiled
 * script's expressions leave on ink's evaluation stack: a text (`"drei"`, `"a" + x`), a number,
 * or what cannot be known before the script runs (a function's result, a temporary variable),
 * which is never reported.
 */

type Kind = "number" | "text" | "unknown";

/** Every assignment of a text to a global variable that starts as a number, at its line. */
export function textToNumberProblems(file: string, story: Story): ContentProblem[] {
  const vars = story.variablesState;
  const declared = (name: string | null): Kind => {
    if (name === null || !vars.GlobalVariableExistsWithName(name)) return "unknown";
    const value: unknown = vars.$(name);
    return typeof value === "number" ? "number" : typeof value === "string" ? "text" : "unknown";
  };
  const problems: ContentProblem[] = [];
  const visit = (container: Container): void => {
    const stack: Kind[] = [];
    let inString = 0;
    for (const object of container.content) {
      if (object instanceof Container) {
        visit(object);
        stack.push("unknown");
      } else if (object instanceof ControlCommand) {
        const { EvalStart, BeginString, EndString, EvalEnd, NoOp } = ControlCommand.CommandType;
        const type = object.commandType;
        if (type === BeginString) inString++;
        else if (type === EndString) {
          inString--;
          if (inString === 0) stack.push("text");
        } else if (inString > 0) continue;
        else if (type === EvalStart) stack.length = 0;
        else if (type !== EvalEnd && type !== NoOp) stack.push("unknown");
      } else if (inString > 0) {
        continue;
      } else if (object instanceof VariableAssignment) {
        const kind = stack.pop();
        if (object.isGlobal && kind === "text" && declared(object.variableName) === "number") {
          problems.push(problem(file, object, object.variableName ?? ""));
        }
      } else {
        push(stack, object, declared);
      }
    }
    for (const child of container.namedOnlyContent?.values() ?? []) {
      if (child instanceof Container) visit(child);
    }
  };
  visit(story.mainContentContainer);
  return problems;
}

/** What `object` leaves on the evaluation stack. */
function push(stack: Kind[], object: InkObject, declared: (name: string | null) => Kind): void {
  if (object instanceof IntValue || object instanceof FloatValue) stack.push("number");
  else if (object instanceof StringValue) stack.push("text");
  else if (object instanceof VariableReference) stack.push(declared(object.name));
  else if (object instanceof NativeFunctionCall) {
    const count = object.numberOfParameters;
    const args = count > 0 ? stack.splice(-count) : [];
    // `+` joins texts when either side is one; every other operation gives no text.
    const text = object.name === "+" && args.includes("text");
    stack.push(text ? "text" : "unknown");
  } else if (object instanceof Divert) stack.push("unknown");
}

function problem(file: string, assignment: VariableAssignment, name: string): ContentProblem {
  const consequence = name === "points" ? " (a text awards 0 points)" : "";
  const message = `${name} is given a text here, but VAR ${name} declares a number${consequence}: write the number without quotes, like ~ ${name} = 3`;
  const line = assignment.debugMetadata?.startLineNumber;
  return line === undefined ? { file, message } : { file, line, message };
}
