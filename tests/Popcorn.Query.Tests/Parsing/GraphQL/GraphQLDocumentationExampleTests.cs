using System.Text.Json;

namespace Popcorn.Query.Tests.Parsing.GraphQL;

/// <summary>The examples of docs/graphql-syntax.md, each with its include equivalent, so the page cannot drift from the parser.</summary>
public class GraphQLDocumentationExampleTests
{
    [Theory]
    [InlineData("{ id name }", null, "[id,name]")]
    [InlineData("{ id manager { name } }", null, "[id,manager[name]]")]
    [InlineData("{ manager }", null, "[manager]")]
    [InlineData("{ boss: manager { name } }", null, "[boss:manager[name]]")]
    [InlineData("{ reports(first: 10) { id } }", null, "[reports(first: 10)[id]]")]
    [InlineData("{ __all }", null, "[!all]")]
    [InlineData("{ __default nickname }", null, "[!default,nickname]")]
    [InlineData("{ __full }", null, "[!full]")]
    [InlineData("{ __all email @exclude }", null, "[!all,-email]")]
    [InlineData("{ id nickname @optional }", null, "[id,?nickname]")]
    [InlineData("{ __typename id }", null, "[__typename,id]")]
    [InlineData("{\n  id\n  name\n  manager { name }\n  reports\n}", null, "[id,name,manager[name],reports]")]
    [InlineData("{ manager { id } manager { name } }", null, "[manager[id],manager[name]]")]
    [InlineData("{ boss: manager { name } oldest: reports(orderBy: AGE, first: 1) { name } }", null, "[boss:manager[name],oldest:reports(orderBy: AGE, first: 1)[name]]")]
    [InlineData("{ employees(status: ACTIVE, tags: [\"a\", \"b\"], where: {minAge: 30}) { id } }", null, "[employees(status: ACTIVE, tags: [\"a\", \"b\"], where: {minAge: 30})[id]]")]
    [InlineData("{ __default manager { __all } }", null, "[!default,manager[!all]]")]
    [InlineData("{ __all email @exclude salary @exclude }", null, "[!all,-email,-salary]")]
    [InlineData("{ id nickname @optional boss: manager @optional { name } }", null, "[id,?nickname,?boss:manager[name]]")]
    [InlineData("{ kind: __typename id }", null, "[kind:__typename,id]")]
    [InlineData("{ employee(id: 2) { email ...Names id } }\nfragment Names on Employee { lastName firstName }", null, "[employee(id: 2)[email,...on Employee[lastName,firstName],id]]")]
    [InlineData("query EmployeeCard($id: ID!) {\n  employee(id: $id) { name manager { name } }\n}", """{"id": 7}""", "[employee(id: 7)[name,manager[name]]]")]
    [InlineData(Reports, """{"first": 3, "status": "ACTIVE"}""", "[reports(first: 3, status: \"ACTIVE\")[id]]")]
    [InlineData(Reports, "{}", "[reports(first: 10)[id]]")]
    [InlineData(Reports, """{"first": null}""", "[reports(first: null)[id]]")]
    [InlineData("query {\n  id\n  ...Names\n  manager { ...Names }\n}\n\nfragment Names on Employee { firstName lastName }", null, "[id,...on Employee[firstName,lastName],manager[...on Employee[firstName,lastName]]]")]
    [InlineData("query ($withName: Boolean!) { id ... on Manager { reports { id } } ... @include(if: $withName) { name } }", """{"withName": true}""", "[id,...on Manager[reports[id]],name]")]
    [InlineData(Full, """{"full": true}""", "[id,manager[name]]")]
    [InlineData(Full, """{"full": false}""", "[id,email]")]
    public void Example_MeansItsIncludeEquivalent(string graphQL, string? variables, string include)
    {
        var tree = SelectionParser.Parse(graphQL, variables: variables is null ? default : JsonDocument.Parse(variables).RootElement);

        tree.ToIncludeString().ShouldBe(include);
        tree.ShouldBe(SelectionParser.Parse(include));
    }

    [Theory]
    [InlineData("{ id name", "Unexpected end of query: expected '}' to close the '{' at line 1, column 1. (line 1, column 10)")]
    [InlineData("{ id manager { } }", "Expected a name but found '}': a selection set cannot be empty. (line 1, column 16)")]
    [InlineData("{ ?nickname }", "Unexpected character '?': write 'name @optional' instead of '?name'. (line 1, column 3)")]
    [InlineData("{ name @upper }", "Unknown directive '@upper': only @include, @skip, @exclude and @optional are supported. (line 1, column 8)")]
    [InlineData("{ ...Names }", "Unknown fragment 'Names': the document defines no 'fragment Names on ...'. (line 1, column 3)")]
    [InlineData("mutation { like }", "Only query operations are supported; 'mutation' is not. (line 1, column 1)")]
    [InlineData("query ($n: Int!) { a(n: $n) }", "The variable '$n' of type 'Int!' needs a value: none was given and it has no default. (line 1, column 8)")]
    public void Example_ErrorReadsAsDocumented(string graphQL, string message)
    {
        Should.Throw<PopcornQueryException>(() => SelectionParser.Parse(graphQL)).Message.ShouldBe(message);
    }

    private const string Reports = "query Reports($first: Int = 10, $status: Status) {\n  reports(first: $first, status: $status) { id }\n}";

    private const string Full = "query ($full: Boolean!) {\n  id\n  manager @include(if: $full) { name }\n  email @skip(if: $full)\n}";
}
