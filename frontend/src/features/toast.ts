import { App } from 'antd';
import { useMemo } from 'react';

export interface Toast {
  success(title: string, description?: string): void;
  /** Failure toasts use the destructive (error) style, spec §8. */
  error(title: string, description?: string): void;
  warning(title: string, description?: string): void;
}

/**
 * Toasts as the spec words them: a title and a description. One shows at a time for 5 seconds;
 * both limits are set once on the antd `App` in main.tsx.
 */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, description) => notification.success({ title, description }),
      error: (title, description) => notification.error({ title, description }),
      warning: (title, description) => notification.warning({ title, description }),
    }),
    [notification],
  );
}
