using System.Globalization;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Popcorn.Fuzz;
using Popcorn.TestHost.Data;
using Popcorn.Query;
using Xunit.Abstractions;

namespace Popcorn.Hardening.Tests.Leaks;

/// <summary>
/// Property (OWASP API3, broken object property level authorization): over random selections in both syntaxes,
/// against every sample resource through REST and the gateway, on the real app over loopback, no body ever holds a
/// [Never] field's value (the sample's social security numbers) or, except where the client's own text is echoed in
/// an error, its name; and a request naming a [Never] field gets the same status and body as the same request naming
/// a field that does not exist. Fixed seeds.
/// </summary>
public class NeverFieldLeakTests(TestHostServer host, ITestOutputHelper output) : IClassFixture<TestHostServer>
{
    private const int SelectionsPerRun = 200;

    private static readonly string s_neverName = SampleTypes.All.SelectMany(t => t.Fields).Single(f => f.IsNever).WireName;
    private static readonly string s_twinName = s_neverName[..^1] + "Q";
    private static readonly string[] s_secrets = new SampleData().Employees.SelectMany(e => new[] { e.SocialSecurityNumber, e.SocialSecurityNumber.Replace("-", string.Empty, StringComparison.Ordinal) }).ToArray();
    private static readonly TypeMetadata s_employee = Type("Employee");
    private static readonly TypeMetadata s_department = Type("Department");
    private static readonly TypeMetadata s_car = Type("Car");

    /// <summary>The REST resources: method, path (with <c>{id}</c>), root type, and the largest id (0 for lists).</summary>
    private static readonly (string Method, string Path, TypeMetadata Type, int MaxId)[] s_rest =
    [
        ("GET", "/api/employees", s_employee, 0),
        ("GET", "/api/employees/{id}", s_employee, 16),
        ("GET", "/api/departments", s_department, 0),
        ("GET", "/api/departments/{id}", s_department, 4),
        ("GET", "/api/cars", s_car, 0),
        ("GET", "/api/cars/{id}", s_car, 12),
        ("POST", "/api/cars", s_car, 0),
    ];

    /// <summary>The gateway's root fields: name, root type, and the largest id (0 for fields without one).</summary>
    private static readonly (string Field, TypeMetadata Type, int MaxId)[] s_gateway =
    [
        ("employees", s_employee, 0),
        ("employee", s_employee, 16),
        ("departments", s_department, 0),
        ("department", s_department, 4),
        ("cars", s_car, 0),
        ("car", s_car, 12),
    ];

    private readonly ResponseComparer _comparer = new(s_neverName, s_twinName);
    private readonly Dictionary<int, int> _statuses = new();
    private int _requests;
    private int _twins;

    [Theory]
    [InlineData(FuzzSyntax.Include, 101)]
    [InlineData(FuzzSyntax.Include, 102)]
    [InlineData(FuzzSyntax.GraphQL, 101)]
    [InlineData(FuzzSyntax.GraphQL, 102)]
    public async Task Rest_RandomSelections_NeverRevealANeverField(FuzzSyntax syntax, int seed)
    {
        var random = new Random(seed);
        var generator = new SelectionGenerator(random, s_neverName);
        for (int i = 0; i < SelectionsPerRun; i++)
        {
            var (method, path, type, maxId) = s_rest[i % s_rest.Length];
            string url = path.Replace("{id}", Id(random, maxId), StringComparison.Ordinal);
            var items = generator.Level(type, depth: 1);
            string text = syntax == FuzzSyntax.Include ? SelectionGenerator.ToInclude(items) : GraphQLDocument(generator, items, type, root: null);
            bool inHeader = random.Next(3) == 0;
            int ownerId = random.Next(1, 17);
            await CheckAsync(text, $"{method} {url}", query => SendRestAsync(method, url, query, inHeader, ownerId), ignoreTopLevelId: method == "POST");
        }

        Report();
    }

    [Theory]
    [InlineData(FuzzSyntax.Include, 201)]
    [InlineData(FuzzSyntax.GraphQL, 201)]
    [InlineData(FuzzSyntax.GraphQL, 202)]
    public async Task Gateway_RandomSelections_NeverRevealANeverField(FuzzSyntax syntax, int seed)
    {
        var random = new Random(seed);
        var generator = new SelectionGenerator(random, s_neverName);
        for (int i = 0; i < SelectionsPerRun; i++)
        {
            var (field, type, maxId) = s_gateway[i % s_gateway.Length];
            string arguments = maxId > 0 ? $"(id: {Id(random, maxId)})" : string.Empty;
            var items = generator.Level(type, depth: 1);
            string root = (random.Next(3) == 0 ? "r: " : string.Empty) + field + arguments;
            string document = syntax == FuzzSyntax.Include
                ? "[" + root.Replace(": ", ":", StringComparison.Ordinal) + SelectionGenerator.ToInclude(items) + "]"
                : GraphQLDocument(generator, items, type, root);
            await CheckAsync(document, "POST /graphql", SendGatewayAsync, ignoreTopLevelId: false);
        }

        Report();
    }

    [Theory]
    [InlineData("[!full]")]
    [InlineData("{ __full }")]
    [InlineData("[!all,manager[!full],department[members[!full],head[!full]],vehicles[owner[!full]]]")]
    [InlineData("query { ...F } fragment F on Employee { __full manager { __full } }")]
    public async Task EveryResource_DeepWildcard_NeverRevealsANeverField(string selection)
    {
        foreach (var (method, path, _, maxId) in s_rest)
        {
            for (int id = 1; id <= Math.Max(1, maxId); id++)
            {
                string url = path.Replace("{id}", id.ToString(CultureInfo.InvariantCulture), StringComparison.Ordinal);
                var (status, _, body) = await SendRestAsync(method, url, selection, inHeader: false, ownerId: id);
                AssertNoLeak(body, $"{method} {url} {selection}", nameAllowed: false);
                status.ShouldBeLessThan(500);
            }
        }
    }

    private async Task CheckAsync(string text, string target, Func<string, Task<(int Status, string ContentType, string Body)>> send, bool ignoreTopLevelId)
    {
        var (status, contentType, body) = await send(text);
        Count(status);
        string request = $"{target} with {JsonSerializer.Serialize(text)}";
        status.ShouldBeLessThan(500, request + "\n" + body);
        bool namesNever = text.Contains(s_neverName, StringComparison.Ordinal);
        AssertNoLeak(body, request, nameAllowed: namesNever);
        if (!namesNever)
        {
            return;
        }

        string twinText = text.Replace(s_neverName, s_twinName, StringComparison.Ordinal);
        var (twinStatus, twinContentType, twinBody) = await send(twinText);
        Count(twinStatus);
        _twins++;
        AssertNoLeak(twinBody, request, nameAllowed: false);
        twinStatus.ShouldBe(status, $"{request}\nnever: {body}\ntwin: {twinBody}");
        twinContentType.ShouldBe(contentType, request);
        string? difference = _comparer.FirstDifference(JsonNode.Parse(body), JsonNode.Parse(twinBody), ignoreTopLevelId && status is 200 or 201);
        difference.ShouldBeNull($"{request}\nnever: {body}\ntwin: {twinBody}");
    }

    private static void AssertNoLeak(string body, string request, bool nameAllowed)
    {
        foreach (string secret in s_secrets)
        {
            body.ShouldNotContain(secret, Case.Sensitive, $"{request} leaked a [Never] value:\n{body}");
        }

        if (!nameAllowed)
        {
            body.ShouldNotContain(s_neverName, Case.Insensitive, $"{request} revealed the [Never] field's name:\n{body}");
        }
    }

    private static string GraphQLDocument(SelectionGenerator generator, IReadOnlyList<Selection> items, TypeMetadata type, string? root)
    {
        var (body, fragments, usesVariable) = generator.ToGraphQL(items, type);
        string selection = root is null ? body : "{ " + root + " " + body + " }";
        string operation = usesVariable ? "query Q($yes: Boolean = true) " : fragments.Length > 0 ? "query " : string.Empty;
        return operation + selection + fragments;
    }

    private static string Id(Random random, int maxId) =>
        (random.Next(12) == 0 ? 999 : random.Next(1, maxId + 1)).ToString(CultureInfo.InvariantCulture);

    private async Task<(int Status, string ContentType, string Body)> SendRestAsync(string method, string url, string selection, bool inHeader, int ownerId)
    {
        string target = inHeader ? url : $"{url}?include={Uri.EscapeDataString(selection)}";
        using var request = new HttpRequestMessage(new HttpMethod(method), target);
        if (inHeader)
        {
            request.Headers.TryAddWithoutValidation("Popcorn-Include", selection.ReplaceLineEndings(" "));
        }

        if (method == "POST")
        {
            string car = JsonSerializer.Serialize(new { make = "Fuzz", model = "T", year = 2024, color = "red", ownerId });
            request.Content = new StringContent(car, Encoding.UTF8, "application/json");
        }

        return await SendAsync(request);
    }

    private async Task<(int Status, string ContentType, string Body)> SendGatewayAsync(string document)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, "/graphql")
        {
            Content = new StringContent(JsonSerializer.Serialize(new { query = document }), Encoding.UTF8, "application/json"),
        };
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
        return await SendAsync(request);
    }

    private async Task<(int Status, string ContentType, string Body)> SendAsync(HttpRequestMessage request)
    {
        using var response = await host.Client.SendAsync(request);
        _requests++;
        return ((int)response.StatusCode, response.Content.Headers.ContentType?.MediaType ?? string.Empty, await response.Content.ReadAsStringAsync());
    }

    private void Count(int status) => _statuses[status] = _statuses.GetValueOrDefault(status) + 1;

    private void Report() =>
        output.WriteLine($"{_requests} requests, {_twins} [Never]/unknown twin pairs compared; statuses: {string.Join(", ", _statuses.OrderBy(s => s.Key).Select(s => $"{s.Key} x{s.Value}"))}");

    private static TypeMetadata Type(string name) => SampleTypes.All.Single(t => t.Name == name);
}
