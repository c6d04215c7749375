using System.Buffers;
using System.Text.Json;
using Popcorn.Generator.Tests.Models;
using Popcorn.Query;

namespace Popcorn.Generator.Tests.Writing;

/// <summary>A warm writer allocates nothing per write: names are pre-encoded, collections indexed, cycles tracked on a reused stack.</summary>
public class AllocationTests
{
    [Theory]
    [InlineData("[!full]")]
    [InlineData("[int32,string,guid,dateTime,dateOnly,timeSpan,char,uri,status,color,nullableInt32,a:double]")]
    public void Write_FlatModel_AllocatesNothing(string selection)
    {
        var scalars = TestData.Scalars();
        scalars.Anything = null;
        AllocatedPerWrite(scalars, selection).ShouldBe(0);
    }

    [Theory]
    [InlineData("[!full]")]
    [InlineData("[id,shipTo[city],lines[sku,price],extras[gift]]")]
    public void Write_NestedModelWithLists_AllocatesNothing(string selection)
    {
        AllocatedPerWrite(TestData.Order(), selection).ShouldBe(0);
    }

    [Theory]
    [InlineData("[!full]")]
    [InlineData("[value,children[value,parent[value],children[value]]]")]
    public void Write_CyclicModel_AllocatesNothing(string selection)
    {
        AllocatedPerWrite(TestData.Tree(), selection).ShouldBe(0);
    }

    [Fact]
    public void Write_StructModel_AllocatesNothing()
    {
        AllocatedPerWrite(TestData.Shape(), "[!full]").ShouldBe(0);
    }

    private static long AllocatedPerWrite<T>(T value, string selection)
    {
        var context = (IPopcornContext)TestJsonContext.Default;
        var writer = WriteHelper.Writer<T>(context);
        var plan = WriteHelper.Plan<T>(context, selection);
        var buffer = new ArrayBufferWriter<byte>(64 * 1024);
        using var json = new Utf8JsonWriter(buffer);

        void WriteOnce()
        {
            buffer.ResetWrittenCount();
            json.Reset(buffer);
            writer.Write(json, value, plan);
            json.Flush();
        }

        for (int i = 0; i < 50; i++)
        {
            WriteOnce();
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 200; i++)
        {
            WriteOnce();
        }

        return (GC.GetAllocatedBytesForCurrentThread() - before) / 200;
    }
}
