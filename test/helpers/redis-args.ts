/** Every value a Redis command line gives `option`, in order (the last one is the one Redis keeps). */
export function redisOptionValues (args: string[], option: string): string[] {
  return args.flatMap((arg, index) => arg === option ? [args[index + 1]] : [])
}
