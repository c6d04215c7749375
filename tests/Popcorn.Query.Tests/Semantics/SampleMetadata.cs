namespace Popcorn.Query.Tests.Semantics;

/// <summary>Hand-built metadata shaped like the playground's domain (the generator emits the real one).</summary>
internal static class SampleMetadata
{
    public static readonly TypeMetadata Employee = new("Employee");
    public static readonly TypeMetadata Department = new("Department");
    public static readonly TypeMetadata Project = new("Project");
    public static readonly TypeMetadata Car = new("Car");

    static SampleMetadata()
    {
        Employee.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always),
            new FieldMetadata("firstName", FieldKind.Scalar, "string", FieldFlags.Default),
            new FieldMetadata("lastName", FieldKind.Scalar, "string", FieldFlags.Default),
            new FieldMetadata("email", FieldKind.Scalar, "string"),
            new FieldMetadata("socialSecurityNumber", FieldKind.Scalar, "string", FieldFlags.Never),
            new FieldMetadata("manager", FieldKind.Object, "Employee?", elementType: Employee, isNullable: true),
            new FieldMetadata("department", FieldKind.Object, "Department?", elementType: Department, isNullable: true),
            new FieldMetadata("vehicles", FieldKind.List, "List<Car>", elementType: Car),
            new FieldMetadata("skills", FieldKind.List, "string[]"),
        ]);
        Department.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always),
            new FieldMetadata("name", FieldKind.Scalar, "string", FieldFlags.Default),
            new FieldMetadata("head", FieldKind.Object, "Employee?", FieldFlags.Default, Employee, "[firstName,lastName,email]"),
            new FieldMetadata("members", FieldKind.List, "List<Employee>", elementType: Employee),
            new FieldMetadata("projects", FieldKind.Map, "Dictionary<string, Project>", elementType: Project),
        ]);
        Project.Initialize(
        [
            new FieldMetadata("code", FieldKind.Scalar, "string"),
            new FieldMetadata("title", FieldKind.Scalar, "string"),
        ]);
        Car.Initialize(
        [
            new FieldMetadata("id", FieldKind.Scalar, "int", FieldFlags.Always),
            new FieldMetadata("make", FieldKind.Scalar, "string", FieldFlags.Default),
            new FieldMetadata("owner", FieldKind.Object, "Employee?", elementType: Employee, isNullable: true),
        ]);
    }
}
