// nsyslog-parser ships no types: the one function it exports, as this module uses it.
declare module "nsyslog-parser" {
  function parse(
    line: string,
    options?: { cef?: boolean; fields?: boolean; pid?: boolean; generateTimestamp?: boolean },
  ): unknown;
  export default parse;
}
