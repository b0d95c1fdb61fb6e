/** A text field of a submitted form, trimmed: undefined when it is empty, blank or not in the form. */
export const formText = (form: FormData, name: string): string | undefined => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() || undefined : undefined;
};
