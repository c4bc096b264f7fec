/** Two-digit card and step numbers: 1 → "01". */
export const twoDigits = (n: number) => String(n).padStart(2, '0')

/** Service icons are taken from the fixed set in turn, starting again after the last. */
export const cycledIcon = (icons: readonly string[], index: number) => icons[index % icons.length]
