import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { formIssueMessage } from "./form-messages";

/** react-hook-form with a zod schema whose issues become validation messages (spec 5). */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema, { error: formIssueMessage }),
    defaultValues,
  });
}
