namespace Popcorn.Fuzz;

/// <summary>
/// Hand-written valid queries of both syntaxes: every production of both grammars at least once, the sample domain's
/// real field names (so mutants also reach the plan compiler), and the shapes earlier bugs were found with.
/// </summary>
public static class Corpus
{
    /// <summary>Valid include-syntax queries.</summary>
    public static readonly string[] Include =
    [
        "[]",
        "[id]",
        "[id,firstName,lastName]",
        "[id,manager[firstName,email]]",
        "[!all]",
        "[!default]",
        "[!full]",
        "[!all,-email]",
        "[?nickname,id]",
        "[boss:manager[email],id]",
        "[ id , manager [ firstName ] , vehicles [ make , model ] ]",
        "[department[name,members[firstName,manager[!default]],projects[code,title]]]",
        "[__typename,id,manager[__typename]]",
        "[vehicles[owner[vehicles[owner[id]]]]]",
        "[employee(id: 3)[email]]",
        "[a(x: [\"a\\n\", B], where: {min: -1.5e3, ok: true, none: null})[!default]]",
        "[!all,-manager,boss:manager[email]]",
        "[members[!full],head[!all,-email]]",
        "[make,model,year,color,licensePlate,owner[firstName,lastName]]",
        "[socialSecurityNumber]",
        "[id,?socialSecurityNumber,-socialSecurityNumber]",
        "[hired_at,birthday,employmentType,salary,skills,links]",
        "[a:id,b:id,c:firstName]",
        "[\n  id,\r\n  manager[\tfirstName ]\n]",
        "\uFEFF[id]",
        "[x(s: \"\\u00e9\\uD83D\\uDE00\", f: 1.5e-3, n: -0, e: ENUM, l: [], o: {})]",
    ];

    /// <summary>Valid GraphQL-like queries and documents.</summary>
    public static readonly string[] GraphQL =
    [
        "{}",
        "{ id }",
        "{ id firstName lastName }",
        "{ id manager { firstName email } }",
        "{ __all }",
        "{ __default }",
        "{ __full }",
        "{ __all email @exclude }",
        "{ nickname @optional id }",
        "{ boss: manager { email } id }",
        "{ department { name members { firstName manager { __default } } projects { code title } } }",
        "{ __typename id manager { __typename } }",
        "query { id }",
        "query Q { id ...F } fragment F on Employee { firstName }",
        "query Q($id: Int!, $show: Boolean = true) { employee(id: $id) @include(if: $show) { email } }",
        "query Q($id: ID!, $show: Boolean = true, $tags: [String!] = [\"a\"]) { employee(id: $id, tags: $tags) @include(if: $show) { __typename ...F boss: manager @optional { __all } email @exclude } }\nfragment F on Employee { firstName ... on Manager { reports(first: 10) { id } } ... @skip(if: false) { lastName } }",
        "# comment\r\n{ a(s: \"\"\"\n  block \\\"\"\" string\n\"\"\", u: \"\\u00e9\\uD83D\\uDE00\", f: 1.5e-3, n: null, e: ENUM, o: {x: [1, 2, {y: []}]}) }",
        "query A { ...X } query B { b } fragment X on T { x }",
        "{ ... on Employee { id } ... @include(if: true) { firstName } }",
        "{ a: id b: id c: firstName }",
        "{ vehicles { owner { vehicles { owner { id } } } } }",
        "{ socialSecurityNumber }",
        "{ id socialSecurityNumber @optional socialSecurityNumber @exclude }",
        "{ hired_at birthday employmentType salary skills links }",
        "{ employees { id } employee(id: 1) { __full } cars { make owner { lastName } } }",
        "query Q($skip: Boolean!) { id @skip(if: $skip) firstName }",
        "fragment A on T { ...B id } fragment B on T { firstName } query { ...A }",
        "{\n  id,\n  manager {\r\n\tfirstName\n  }\n}",
        "\uFEFF{ id }",
        "query Q($v: Filter) { employees(where: $v) { id } }",
        "query Q($v: [Int], $id: ID) { a(x: $v, y: [$v, $id]) b(o: {k: $v}) }",
    ];

    /// <summary>The corpus of one syntax.</summary>
    public static IReadOnlyList<string> Of(FuzzSyntax syntax) => syntax == FuzzSyntax.Include ? Include : GraphQL;
}
