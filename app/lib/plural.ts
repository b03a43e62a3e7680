/** "1 project", "3 projects"; `many` for irregular plurals ("identity", "identities"). */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
