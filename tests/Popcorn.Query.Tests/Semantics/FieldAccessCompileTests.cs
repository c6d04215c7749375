namespace Popcorn.Query.Tests.Semantics;

/// <summary>
/// Plans compiled for a caller refused an authorization policy: the field it protects behaves exactly like
/// <c>[Never]</c> (unknown, never suggested, absent from wildcards and defaults), and a plan lists the policies it touched.
/// </summary>
public class FieldAccessCompileTests
{
    private static readonly TypeMetadata Account = new("Account");
    private static readonly TypeMetadata Owner = new("Owner");
    private static readonly FieldAccess NoSales = FieldAccess.Denying(["sales"]);

    static FieldAccessCompileTests()
    {
        Account.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always),
            new FieldMetadata("name", FieldKind.Scalar, "string", FieldFlags.Default),
            new FieldMetadata("creditLimit", FieldKind.Scalar, "decimal", FieldFlags.Default, policy: "sales"),
            new FieldMetadata("auditCode", FieldKind.Scalar, "string", FieldFlags.Always, policy: "audit"),
            new FieldMetadata("owner", FieldKind.Object, "Owner", elementType: Owner, subPropertyDefault: "[name,salary]"),
            new FieldMetadata("secret", FieldKind.Scalar, "string", FieldFlags.Never),
        ]);
        Owner.Initialize(
        [
            new FieldMetadata("name", FieldKind.Scalar, "string"),
            new FieldMetadata("salary", FieldKind.Scalar, "decimal", policy: "hr"),
        ]);
    }

    private static SelectionPlan Compile(string query, FieldAccess? access = null, UnauthorizedFieldHandling handling = UnauthorizedFieldHandling.Hide) =>
        PlanCompiler.Compile(Account, SelectionParser.Parse(query), new PlanCompilerOptions { Access = access ?? FieldAccess.Unrestricted, UnauthorizedFields = handling });

    [Fact]
    public void Compile_Unrestricted_WritesProtectedFieldsAndListsTheirPolicies()
    {
        var plan = Compile("[!default]");

        PlanShape.Of(plan).ShouldBe("[id,name,creditLimit,auditCode]");
        plan.Policies.ShouldBe(["audit", "sales"]);
    }

    [Fact]
    public void Compile_SelectionTouchingNoProtectedField_ListsNoPolicy()
    {
        var plan = PlanCompiler.Compile(Owner, SelectionParser.Parse("[name]"));

        plan.Policies.ShouldBeEmpty();
    }

    [Fact]
    public void Compile_Refused_DefaultsWildcardsAndAlwaysLeaveTheFieldOut()
    {
        var access = FieldAccess.Denying(["sales", "audit"]);

        PlanShape.Of(Compile("[!default]", access)).ShouldBe("[id,name]");
        PlanShape.Of(Compile("[!all]", access)).ShouldNotContain("creditLimit");
        PlanShape.Of(Compile("[!all]", access)).ShouldNotContain("auditCode");
    }

    [Fact]
    public void Compile_RefusedBelow_TheDeepWildcardIsNotFullAndLeavesTheNestedFieldOut()
    {
        var denied = Compile("[!full]", FieldAccess.Denying(["hr"]));
        var allowed = Compile("[!full]");

        PlanShape.Of(denied).ShouldBe("[id,name,creditLimit,auditCode,owner[name]]");
        denied.IsFull.ShouldBeFalse();
        allowed.IsFull.ShouldBeTrue();
        allowed.Policies.ShouldBe(["audit", "hr", "sales"]);
    }

    [Fact]
    public void Compile_RefusedField_IsReportedExactlyLikeAnUnknownOneAndLikeANeverOne()
    {
        var refused = Should.Throw<PopcornQueryException>(() => Compile("[creditLimit]", NoSales));
        var unknown = Should.Throw<PopcornQueryException>(() => Compile("[creditLimiq]", NoSales));

        refused.Kind.ShouldBe(QueryErrorKind.UnknownField);
        refused.Message.ShouldBe(unknown.Message.Replace("creditLimiq", "creditLimit"));
        refused.Suggestions.ShouldBe(unknown.Suggestions);
    }

    [Fact]
    public void Compile_CloseMisspelling_NeverSuggestsARefusedField()
    {
        Should.Throw<PopcornQueryException>(() => Compile("[creditLimt]")).Suggestions.ShouldContain("creditLimit");
        Should.Throw<PopcornQueryException>(() => Compile("[creditLimt]", NoSales)).Suggestions.ShouldNotContain("creditLimit");
    }

    [Theory]
    [InlineData("[-creditLimit]")]
    [InlineData("[limit:creditLimit]")]
    [InlineData("{ creditLimit }")]
    public void Compile_RefusedFieldNamedAnyWay_IsUnknown(string query)
    {
        Should.Throw<PopcornQueryException>(() => Compile(query, NoSales)).Kind.ShouldBe(QueryErrorKind.UnknownField);
    }

    [Fact]
    public void Compile_RefusedFieldMarkedOptional_IsSkipped()
    {
        PlanShape.Of(Compile("[name,?creditLimit]", NoSales)).ShouldBe("[id,name,auditCode]");
    }

    [Fact]
    public void Compile_RefusedFieldInTheServersSubPropertyDefault_IsLeftOutNotRefused()
    {
        PlanShape.Of(Compile("[owner]", FieldAccess.Denying(["hr"]))).ShouldBe("[id,auditCode,owner[name]]");
        PlanShape.Of(Compile("[owner]")).ShouldBe("[id,auditCode,owner[name,salary]]");
        Compile("[owner]").Policies.ShouldBe(["audit", "hr"]);
    }

    [Fact]
    public void Compile_ForbidMode_NamingARefusedFieldIsForbiddenButWildcardsStillLeaveItOut()
    {
        var error = Should.Throw<PopcornQueryException>(() => Compile("[name,creditLimit]", NoSales, UnauthorizedFieldHandling.Forbid));

        error.Kind.ShouldBe(QueryErrorKind.Forbidden);
        error.FieldName.ShouldBe("creditLimit");
        PlanShape.Of(Compile("[!all]", NoSales, UnauthorizedFieldHandling.Forbid)).ShouldNotContain("creditLimit");
    }

    [Fact]
    public void ReachablePolicies_FollowNestedTypes()
    {
        Account.ReachablePolicies.ShouldBe(["audit", "hr", "sales"]);
        Owner.ReachablePolicies.ShouldBe(["hr"]);
    }

    [Fact]
    public void FieldAccess_IsEqualForTheSameRefusalsInAnyOrder()
    {
        FieldAccess.Denying(["b", "a", "a"]).ShouldBe(FieldAccess.Denying(["a", "b"]));
        FieldAccess.Denying([]).ShouldBeSameAs(FieldAccess.Unrestricted);
        new PlanCompilerOptions { Access = FieldAccess.Denying(["a"]) }.ShouldBe(new PlanCompilerOptions { Access = FieldAccess.Denying(["a"]) });
    }
}
