! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' -verify-diagnostics %t.mlir -o /dev/null
! expected-no-diagnostics
! A halo exchange offloaded with 'target teams distribute parallel do simd
! collapse(2)': Flang passes the loops' bounds in as the target region's
! host_eval arguments and copies the loop indices out in the last iteration
! only (lastprivate). With the bounds the host computes, that copy-out is one
! work item's, and the indices are each work item's own.
module halo_mod
  implicit none
  integer, parameter :: hs = 2, num_vars = 4
  integer :: nx, nz
  real(8), allocatable :: state(:,:,:)
contains
  subroutine set_halo_values_z()
    integer :: i, ll
    !$omp target teams distribute parallel do simd collapse(2)
    do ll = 1, num_vars
      do i = 1 - hs, nx + hs
        state(i, -1, ll) = state(i, 1, ll)
        state(i, 0, ll) = state(i, 1, ll)
        state(i, nz + 1, ll) = state(i, nz, ll)
        state(i, nz + 2, ll) = state(i, nz, ll)
      end do
    end do
  end subroutine
end module
