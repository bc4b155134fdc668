import { z } from "zod";
import {
  AUTH_MESSAGES,
  EmailSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PasswordSchema,
  ResetRequestBodySchema,
  SignUpBodySchema,
} from "../../../common/contracts/auth";
import { installValidationMessages } from "../../../common/validation-messages";

// The browser's zod speaks the server's sentences too (a schema's own spec texts still come first).
installValidationMessages();

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first message per field of a failed parse, in the schema's order. */
function toFieldErrors<Field extends string>(error: z.ZodError): FieldErrors<Field> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<Field>;
}

function validate<Field extends string>(schema: z.ZodType, values: Record<Field, string>): FieldErrors<Field> {
  const result = schema.safeParse(values);
  return result.success ? {} : toFieldErrors<Field>(result.error);
}

/** Spec 000 §5: the login modal checks both fields, password at least 6 characters. */
const LoginFormSchema = z.object({ email: EmailSchema, password: PasswordSchema });

export function validateLogin(values: { email: string; password: string }): FieldErrors<"email" | "password"> {
  return validate(LoginFormSchema, values);
}

export function validateSignUp(values: { name: string; email: string; password: string }): FieldErrors<"name" | "email" | "password"> {
  return validate(SignUpBodySchema, values);
}

export function validateResetRequest(values: { email: string }): FieldErrors<"email"> {
  return validate(ResetRequestBodySchema, values);
}

/** Test login (spec 000 §5): only "Email is required" and "Password is required". */
export function validateTestLogin(values: { email: string; password: string }): FieldErrors<"email" | "password"> {
  const errors: FieldErrors<"email" | "password"> = {};
  if (!values.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  if (!values.password) errors.password = AUTH_MESSAGES.passwordRequired;
  return errors;
}

/** New password page: at least 6 characters, and the confirmation must match. */
export function validateNewPassword(values: { password: string; confirm: string }): FieldErrors<"password" | "confirm"> {
  const errors: FieldErrors<"password" | "confirm"> = {};
  if (values.password.length < PASSWORD_MIN) errors.password = AUTH_MESSAGES.passwordTooShort;
  else if (values.password.length > PASSWORD_MAX) errors.password = AUTH_MESSAGES.passwordTooLong;
  if (values.password !== values.confirm) errors.confirm = AUTH_MESSAGES.passwordsDoNotMatch;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.keys(errors).length > 0;
}
