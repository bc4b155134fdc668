import { Component, type ReactNode } from "react";

type ErrorBoundaryProps = {
  /** When this value changes (e.g. the path), a shown error is cleared and the children render again. */
  resetKey: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
};

type ErrorBoundaryState = { error: unknown; resetKey: string; hasError: boolean };

/** Shows `fallback` when a page fails to render or its code fails to load (e.g. after a deploy). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, error: null, hasError: false };
  }

  override render() {
    return this.state.hasError ? this.props.fallback(this.state.error) : this.props.children;
  }
}
