! race: yes
! A SAVE local of a subroutine with an orphaned do is one object for every thread.
subroutine fill(a, n)
  integer :: n, i
  real :: a(n)
  real, save :: scale
  !$omp do
  do i = 1, n
    scale = real(i)
    a(i) = scale * 2.0
  end do
  !$omp end do
end subroutine
program orphan_save_local
  implicit none
  real :: a(100)
  !$omp parallel
  call fill(a, 100)
  !$omp end parallel
  print *, a(3)
end program
