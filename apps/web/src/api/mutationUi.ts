import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a screen adds to one of the named mutations of api/: its toasts, dialogs and navigation. The call
 * itself and what it does to the cache stay in the resource's module.
 */
export type MutationUi<TData, TVars = void, TContext = unknown> = Omit<UseMutationOptions<TData, Error, TVars, TContext>, 'mutationFn'>;
