import { LogIn } from "lucide-react";
import type { SocialProvider } from "../../../../common/contracts/auth";
import { Button } from "../../../components/ui/button";
import { AUTH_UI_MESSAGES } from "../messages";

type SocialLoginButtonsProps = {
  providers: SocialProvider[];
  disabled: boolean;
  onSelect: (provider: SocialProvider) => void;
};

/** "Continue with {label}" per configured provider, then an "or" divider; nothing when none is configured. */
export function SocialLoginButtons({ providers, disabled, onSelect }: SocialLoginButtonsProps) {
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-3">
      {providers.map((provider) => (
        <Button key={provider.id} variant="outline" size="lg" disabled={disabled} onClick={() => onSelect(provider)}>
          <LogIn aria-hidden />
          {AUTH_UI_MESSAGES.continueWith(provider.label)}
        </Button>
      ))}
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted uppercase">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
