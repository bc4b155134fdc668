import { useState, type FormEvent } from "react";
import { UserPlus } from "lucide-react";
import { PLANS, ROLES, TIERS, type Role, type Tier } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { ApiError } from "../../../lib/api-client";
import { useTimers } from "../../../lib/use-timers";
import { CheckboxField, SelectField } from "../../admin-content/components/form-controls";
import { useUserMutations } from "../api";
import { refusalMessage, USERS_TEXT } from "../messages";
import { validateNewUser, type NewUserErrors, type NewUserFields } from "../validation";

/** Spec 001 §9: the Add User modal closes 2 s after its success message. */
const CLOSE_AFTER_MS = 2000;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role === "admin" ? "Admin" : "User" }));
const TIER_OPTIONS = TIERS.map((tier) => ({ value: tier, label: PLANS[tier].name }));
const FIELDS = ["name", "email", "password", "confirmPassword"] as const;

/** Spec 001 §8: a refusal saying the address is taken reads 'An account with this email already exists'. */
function serverErrors(error: unknown): { fields: NewUserErrors; form: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, form: USERS_TEXT.createFailed };
  const fields: NewUserErrors = {};
  for (const field of FIELDS) if (error.fields?.[field]) fields[field] = error.fields[field];
  if (!fields.email && /already (registered|exists)/i.test(error.message)) fields.email = error.message;
  return { fields, form: Object.keys(fields).length > 0 ? null : refusalMessage(error, USERS_TEXT.createFailed) };
}

function AddUserForm({ onDone }: { onDone: () => void }) {
  const { create } = useUserMutations();
  const later = useTimers();
  const [values, setValues] = useState<NewUserFields>({ name: "", email: "", password: "", confirmPassword: "" });
  const [role, setRole] = useState<Role>("user");
  const [tier, setTier] = useState<Tier>("free");
  const [isActive, setActive] = useState(true);
  const [errors, setErrors] = useState<NewUserErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const locked = create.isPending || created;

  const field = (name: keyof NewUserFields) => ({
    value: values[name],
    error: errors[name],
    disabled: locked,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    const clientErrors = validateNewUser(values);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length === 0) {
      try {
        await create.mutateAsync({ ...values, name: values.name.trim(), email: values.email.trim(), role, membershipTier: tier, isActive });
        setCreated(true);
        later(onDone, CLOSE_AFTER_MS);
        return;
      } catch (failure) {
        const refused = serverErrors(failure);
        setErrors(refused.fields);
        setFormError(refused.form);
      }
    }
    requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Full name" autoComplete="off" {...field("name")} />
      <FormField label="Email" type="email" autoComplete="off" {...field("email")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Password" type="password" autoComplete="new-password" hint="At least 6 characters." {...field("password")} />
        <FormField label="Confirm password" type="password" autoComplete="new-password" {...field("confirmPassword")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Role" options={ROLE_OPTIONS} value={role} onChange={(event) => setRole(event.target.value as Role)} disabled={locked} />
        <SelectField label="Membership tier" options={TIER_OPTIONS} value={tier} onChange={(event) => setTier(event.target.value as Tier)} disabled={locked} />
      </div>
      <CheckboxField
        label="Active"
        hint="Inactive accounts cannot sign in until an admin activates them."
        checked={isActive}
        onChange={(event) => setActive(event.target.checked)}
        disabled={locked}
      />
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      {created ? <Alert variant="success">{USERS_TEXT.userCreated}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={locked}>
          {create.isPending ? "Creating..." : "Create user"}
        </Button>
      </div>
    </form>
  );
}

/** The Add User button and modal (spec 001 §2.4, §5): the account is created already confirmed. */
export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Add User
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>The account is ready at once: no confirmation email is needed.</DialogDescription>
        </DialogHeader>
        <AddUserForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
